export { type EolCycle, PHP_CYCLES } from './cycles';
export {
  type EndOfLifeRoute,
  type FakeEndOfLife,
  type FakeEndOfLifeOptions,
  startFakeEndOfLife,
} from './server';
