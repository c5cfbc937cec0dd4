// The web app's own lint rule (ARCHITECTURE §4): a feature does not import another feature, and the shared
// folders (src/components, src/lib) import no feature. A piece two features need moves to src/components
// (design-system pieces, no data fetching) or src/lib (api client, formatting, i18n helpers).
//
// Features are the folders of src/features; the P2P area's folders (p2p/orders, p2p/requisitions, p2p/setup)
// are features of their own, as the API's modules are: orders reading requisitions' internals would be the
// same leak as between any two features, and the next P2P modules (sourcing, contracts) join as siblings.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');
const featuresRoot = path.join(src, 'features');
const shared = [path.join(src, 'components'), path.join(src, 'lib')];

/** Folders whose sub-folders are each a feature. */
const AREAS = new Set(['p2p']);

const inside = (folder, file) => {
  const rel = path.relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** The feature a file belongs to (`portal`, `p2p/orders`), or null outside src/features. */
export function featureOf(file) {
  if (!inside(featuresRoot, file)) return null;
  const [first, second] = path.relative(featuresRoot, file).split(path.sep);
  return AREAS.has(first) && second !== undefined && !/\.[cm]?[jt]sx?$/.test(second)
    ? `${first}/${second}`
    : first;
}

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature imports no other feature; src/components and src/lib import none.' },
    schema: [],
    messages: {
      crossFeature:
        'features/{{own}} must not import features/{{other}}: features do not import each other. ' +
        'Move what both need to src/components (design-system pieces, no data fetching) or src/lib ' +
        '(api client, formatting, i18n helpers).',
      sharedImportsFeature:
        '{{own}} is shared by every feature and must not import features/{{other}}: move the piece here instead.',
    },
  },
  create(context) {
    const file = path.resolve(context.cwd ?? process.cwd(), context.filename);
    const own = featureOf(file);
    const sharedFolder = shared.find((folder) => inside(folder, file));
    if (!own && !sharedFolder) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const other = featureOf(path.resolve(path.dirname(file), source.value));
      if (!other || other === own) return;
      if (own) context.report({ node: source, messageId: 'crossFeature', data: { own, other } });
      else {
        const where = `src/${path.basename(sharedFolder)}`;
        context.report({ node: source, messageId: 'sharedImportsFeature', data: { own: where, other } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const webPlugin = { rules: { 'feature-boundaries': featureBoundaries } };
