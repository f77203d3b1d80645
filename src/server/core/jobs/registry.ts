/**
 * A kind of background job, named once where its area declares it: the name the engine queues it by,
 * the data it carries and what it returns, so that sending, running and defining it agree in types.
 * A name defined twice is refused when the second definition loads.
 */
export type JobRef<Data extends object = object, Result = unknown> = {
  readonly name: string;
  /** Type carrier only: never set. */
  readonly types?: (data: Data) => Result;
};

const defined = new Set<string>();

export function defineJob<Data extends object = object, Result = unknown>(
  name: string,
): JobRef<Data, Result> {
  if (defined.has(name)) throw new Error(`The job ${name} is defined twice.`);
  defined.add(name);
  return { name };
}
