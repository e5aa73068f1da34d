import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a snippet as if it were the file at `file` (relative to web/src), with the project's own configuration. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..', '..') });
  const [result] = await eslint.lintText(code, { filePath: path.join('web', 'src', file) });
  return result!.messages.filter((m) => m.ruleId === 'web/feature-boundaries').map((m) => m.message);
}

describe('web feature boundaries (lint)', () => {
  it('refuses an import from one feature into another', async () => {
    const errors = await boundaryErrors(
      'features/tiers/components/x.tsx',
      "import { AgentCard } from '../../agents/components/agent-card';\nexport const x = AgentCard;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Feature "tiers" must not import feature "agents"')]);
  });

  it('refuses a lazy import across features and a feature importing a page', async () => {
    const errors = await boundaryErrors(
      'features/agents/api/x.ts',
      "export const a = () => import('../../tiers/api/get-tier-settings');\nexport { default } from '../../../app/router';\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('refuses a shared folder importing a feature', async () => {
    const errors = await boundaryErrors('lib/x.ts', "export * from '../features/agents/api/create-agent';\n");
    expect(errors).toEqual([expect.stringContaining('Shared folder lib/ must not import features/')]);
  });

  it('allows a feature its own files and the shared folders, and pages any feature', async () => {
    expect(
      await boundaryErrors(
        'features/tiers/components/x.tsx',
        "import { cn } from '../../../lib/cn';\nimport { TierCard } from './tier-card';\nexport const x = [cn, TierCard];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('app/pages/x.tsx', "import { AgentsTab } from '../../features/agents/components/agents-tab';\nexport const x = AgentsTab;\n"),
    ).toEqual([]);
  });
});
