// What other features may use of privacy: who may see whom (docs/social.md "Privacy"), and the
// lock that orders a block against a friendship change of the same pair.
export { lockPairChanges } from './blocks.repository';
export {
  blockedBetween,
  blockerBetween,
  hiddenOwnersFor,
  isBlockedBetween,
  maySee,
  mayViewerSee,
  relationOf,
  visibleToViewer,
} from './visibility';
