// Placeholder until the agent experience lands (issue 4).
export default function AgentRegisterPage() {
  return <main className="p-6">Coming with the agent experience.</main>;
}
