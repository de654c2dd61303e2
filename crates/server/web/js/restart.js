// A server that drains (a restart, a deploy) closes its WebSockets with 1012 ("service
// restart"): reconnect soon, to another instance behind the load balancer, without the
// backoff meant for a server that is down. A random spread keeps thousands of pages from
// reconnecting in the same instant.

export const SERVICE_RESTART = 1012;

/** How long to wait (ms) before reconnecting after a close with `code`, or null to back off. */
export function restartDelay(code) {
  return code === SERVICE_RESTART ? 200 + Math.random() * 800 : null;
}
