/** What other areas use of tags: which resources can be tagged and the tags of each. */
export { type TaggableResource, taggableResources, tagsByResource } from './resources';
