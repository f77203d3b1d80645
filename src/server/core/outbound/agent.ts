import { Agent, buildConnector } from 'undici';
import type { Resolver } from './dns';
import { guardedLookup, refuseLiteral } from './lookup';
import { type AddressPolicy, addressGate } from './policy';

/**
 * An undici Agent (for fetch) whose every connection obeys the outbound address rule: an IP in the
 * URL is vetted before connecting, a name inside the lookup net.connect uses, so the address checked
 * is the address connected to. It keeps undici's own connector otherwise (keep-alive, TLS sessions),
 * and `connectTimeoutMs` bounds lookup, TCP and TLS together. Agents are shared per policy and limit,
 * so connections are reused; one with its own resolver (tests) is made fresh.
 */
export type GuardedAgentOptions = {
  policy: AddressPolicy;
  connectTimeoutMs: number;
  resolver?: Resolver;
};

const agents = new Map<string, Agent>();

export function guardedAgent(options: GuardedAgentOptions): Agent {
  if (options.resolver) return makeAgent(options);
  const { allowPrivate, allowedRanges = [] } = options.policy;
  const key = `${allowPrivate}|${allowedRanges.join(',')}|${options.connectTimeoutMs}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = makeAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

function makeAgent({ policy, connectTimeoutMs, resolver }: GuardedAgentOptions): Agent {
  const gate = addressGate(policy);
  const connect = buildConnector({ timeout: connectTimeoutMs, lookup: guardedLookup(gate, resolver) });
  return new Agent({
    connect: (opts, callback) => {
      const refused = refuseLiteral(opts.hostname, gate);
      if (refused) return callback(refused, null);
      return connect(opts, callback);
    },
  });
}
