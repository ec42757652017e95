/**
 * Whether `userAgent` contains one of `agents`, case-insensitive: the one user-agent test, of the
 * consent notice (search crawlers) and of the crawlerAgent and isBotAgent data elements.
 */
export function userAgentHas(userAgent: string, agents: readonly string[]): boolean {
  const ua = userAgent.toLowerCase();
  return agents.some((a) => ua.includes(a.toLowerCase()));
}
