import { afterEach, expect, it } from 'vitest';
import { signUpThroughApi } from '../support/abuse/server';
import { callJson, type Session, signIn } from '../support/abuse/signed-in';
import { SHIPPING } from '../support/api/payments/flows';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Issue 28, item 6: a deleted account's paid, unshipped cards stayed queued to be made and posted, the admin listing
// them under "Cards to program" and printing their sheet, though their addresses answered 410. (Before that, finding
// 7 of issue 11: erasing them left the admin "[erased]" and no address.) Deletion now calls them off and refunds them.

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

const PASSWORD = 'Plumber2026';

async function adminOrder(running: ServerProcess, boss: Session, id: string) {
  const listed = await callJson(running, 'GET', '/api/admin/orders?type=card', undefined, boss);
  return (listed.body.data as Array<Record<string, unknown>>).find((order) => order.id === id);
}

it('cancels and refunds a paid, unshipped order when its buyer deletes their account: nothing left to make', async () => {
  server = await startServerProcess({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  const email = await signUpThroughApi(server, 'dana', PASSWORD);
  const dana = await signIn(server, email, PASSWORD);
  await signUpThroughApi(server, 'boss', PASSWORD);
  const boss = await signIn(server, 'boss@example.com', PASSWORD);

  const checkout = await callJson(
    server,
    'POST',
    '/api/checkout/create-checkout-session',
    { quantity: 2 },
    dana,
  );
  expect(checkout.status).toBe(200);
  // The link names PUBLIC_URL, which knows no port the OS picked: the same path on this server.
  const page = new URL(checkout.body.url as string);
  const paid = await fetch(`${server.url}${page.pathname}${page.search}`, {
    method: 'POST',
    body: new URLSearchParams(SHIPPING),
    headers: { origin: server.url as string },
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const id = checkout.body.orderId as string;
  const deadline = Date.now() + 5000;
  while (!(await adminOrder(server, boss, id)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));

  const sheet = `/api/admin/orders/${id}/cards/sheet`;
  expect((await callJson(server, 'GET', sheet, undefined, boss)).status).toBe(200);

  expect((await callJson(server, 'DELETE', '/api/profile', undefined, dana)).status).toBe(200);
  const order = await adminOrder(server, boss, id);
  expect(order).toMatchObject({
    status: 'refunded',
    amountTotal: 4990,
    customerEmail: null,
    deliveryAddress: null,
  });
  expect(((order?.cards ?? []) as Array<{ status: string }>).every((card) => card.status === 'retired')).toBe(
    true,
  );
  expect((await callJson(server, 'GET', sheet, undefined, boss)).status).toBe(409);
  const shipped = { fulfillmentStatus: 'shipped', notify: true };
  expect((await callJson(server, 'PATCH', `/api/admin/orders/${id}/status`, shipped, boss)).status).toBe(409);
});
