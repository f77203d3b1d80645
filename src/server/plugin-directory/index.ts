/** What other areas use of the plugin directory: recording its answers and reading them. */
export {
  type DirectoryAnswer,
  type DirectoryFact,
  directoryReadAt,
  LEFT_DIRECTORY,
  readDirectory,
  recordDirectory,
  slugsDue,
} from './directory';
