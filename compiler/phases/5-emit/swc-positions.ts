// swc's positions as the text's: one home in compiler/swc-syntax.ts, which the stripped modules
// (phases/3-graph/hashes/) read too; named here for the bundles' readers.
export { byteToIndex, parseWithPositions } from '../../swc-syntax';
