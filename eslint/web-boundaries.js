/**
 * Keeps the web app's features apart (bulletproof-react's `import/no-restricted-paths` zones, without a resolver):
 * a feature imports only itself and the shared folders; the shared folders import no feature and no page; only
 * `web/src/app` (pages, router) puts features together.
 */
import path from 'node:path';

const webRoot = path.resolve(import.meta.dirname, '..', 'web', 'src');
const shared = ['components', 'hooks', 'lib', 'config', 'types', 'assets'];

/** The top folder under web/src of a file, and the feature for files under features/. */
function placeOf(file) {
  const relative = path.relative(webRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [top, feature] = relative.split(path.sep);
  return { top, feature: top === 'features' ? feature : undefined };
}

/** Why an import from `from` into `to` crosses a boundary, or undefined when it may. */
export function crossing(from, to) {
  if (!from || !to) return undefined;
  if (from.top === 'features') {
    if (to.top === 'features' && to.feature !== from.feature) {
      return `Feature "${from.feature}" must not import feature "${to.feature}": move the shared piece to components/, hooks/ or lib/, or compose the two in app/.`;
    }
    if (to.top === 'app') return `Feature "${from.feature}" must not import app/: pages compose features, not the other way round.`;
  }
  if (shared.includes(from.top) && (to.top === 'features' || to.top === 'app')) {
    return `Shared folder ${from.top}/ must not import ${to.top}/: shared code knows no feature.`;
  }
  return undefined;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Keep web features apart' }, schema: [] },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = crossing(from, placeOf(path.resolve(path.dirname(context.filename), source)));
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': rule } };
