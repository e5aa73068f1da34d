// Placeholder until the agent experience lands (issue 4).
export default function TestLoginPage() {
  return <main className="p-6">Coming with the agent experience.</main>;
}
