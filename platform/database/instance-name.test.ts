import { describe, expect, it } from 'vitest';
import { connectedInstancesProblem } from './connected-instances';
import { instanceName, instanceOf, MAX_NAME_BYTES } from './instance-name';

describe('the names our connections carry in pg_stat_activity', () => {
  it('says the role, the schema, the host and the pid, and is read back only for the same schema', () => {
    const name = instanceName('tradecard', 'public', 'web-1', 4242);
    expect(name).toBe('tradecard public web-1:4242');
    expect(instanceOf(name, 'public')).toEqual({ role: 'tradecard', host: 'web-1', pid: 4242 });
    expect(instanceOf(instanceName('tradecard-leadership', 'public', 'web-1', 4242), 'public')).toEqual({
      role: 'tradecard-leadership',
      host: 'web-1',
      pid: 4242,
    });
    // Another install sharing the database, and schemas whose names start alike.
    expect(instanceOf(name, 'shop')).toBeNull();
    expect(instanceOf(instanceName('tradecard', 'public_2', 'web-1', 1), 'public')).toBeNull();
    expect(instanceOf(instanceName('tradecard', 'pub', 'web-1', 1), 'public')).toBeNull();
  });

  it('is none of ours when another program or a test names it, and ours when an older release did', () => {
    for (const name of ['psql', '', 'pg_restore', 'tradecard-test', 'tradecardx public h:1'])
      expect(instanceOf(name, 'public')).toBeNull();
    // Before names said the schema: whichever install it serves, a restore must not go on under it.
    expect(instanceOf('tradecard', 'public')).toEqual({ role: 'tradecard', host: null, pid: null });
    expect(instanceOf('tradecard-leadership', 'shop')).toMatchObject({ host: null, pid: null });
  });

  it('fits PostgreSQL’s 63 bytes by cutting the host, keeping the pid, and still matches a schema too long', () => {
    const host = `pod-${'x'.repeat(80)}`;
    const name = instanceName('tradecard-leadership', 'tradecard_production', host, 1234567);
    expect(Buffer.byteLength(name)).toBe(MAX_NAME_BYTES);
    expect(name).toMatch(/^tradecard-leadership tradecard_production pod-x+:1234567$/);
    expect(instanceOf(name, 'tradecard_production')).toMatchObject({ pid: 1234567 });

    const schema = `s${'c'.repeat(50)}`;
    const alone = instanceName('tradecard-leadership', schema, 'web-1', 1);
    expect(Buffer.byteLength(alone)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(instanceOf(alone, schema)).toEqual({ role: 'tradecard-leadership', host: null, pid: null });
    // As PostgreSQL itself would cut an older or foreign long name: the schema's start still counts.
    expect(instanceOf(`tradecard ${schema}${'d'.repeat(20)}`.slice(0, MAX_NAME_BYTES), schema)).toBeNull();
    expect(instanceOf(`tradecard ${schema}`.slice(0, MAX_NAME_BYTES), `${schema}dd`)).not.toBeNull();
  });
});

describe('the refusal', () => {
  it('names each instance, where it connects from and since when, and says what to do', () => {
    const problem = connectedInstancesProblem(
      [
        {
          host: 'web-1',
          pid: 4242,
          clientAddresses: ['10.0.0.5'],
          since: new Date('2026-11-28T09:00:00Z'),
          names: ['tradecard public web-1:4242'],
        },
        {
          host: null,
          pid: null,
          clientAddresses: ['a local socket'],
          since: null,
          names: ['tradecard'],
        },
      ],
      'public',
    );
    expect(problem).toBe(
      [
        '2 instances are connected to the database (schema public), and would go on writing beside the restore:',
        '  - web-1 pid 4242, from 10.0.0.5, connected since 2026-11-28T09:00:00.000Z',
        '  - an instance that does not say its host or pid (tradecard; an older release?), from a local socket, connected',
        'Stop every instance (every server on every host with this DATABASE_URL, and any ops command still running) before restoring: nothing changed.',
      ].join('\n'),
    );
    expect(connectedInstancesProblem([], 'public')).toBeNull();
  });
});
