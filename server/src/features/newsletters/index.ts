// What others may use of newsletters: the cache tag of the newsletters themselves.
export { newslettersTag } from './newsletters.cache';
