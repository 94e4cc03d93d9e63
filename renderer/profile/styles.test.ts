import { describe, expect, it } from 'vitest';
import { profileCss } from './styles';

const rule = (selector: string) =>
  new RegExp(`(^|\\})${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\{([^}]*)\\}`).exec(
    profileCss,
  )?.[2] ?? '';

// Issue 11, finding 11: a 34-character price overflowed the public page on a phone (the journey in
// tests/e2e/long-strings.spec.ts measures it; this keeps the rules that fixed it from quietly going).
describe('the profile stylesheet', () => {
  it('wraps any unbroken text on the page', () => {
    expect(rule('.tc')).toContain('overflow-wrap:anywhere');
  });

  it('lets a price of any length wrap inside its row, and the service name shrink beside it', () => {
    expect(rule('.tc-pr')).not.toContain('nowrap');
    expect(rule('.tc-pr')).toContain('max-width:50%');
    expect(rule('.tc-row>span')).toContain('min-width:0');
  });

  it('keeps a contact label whole beside a long address (issue 14: "Emai / l" at 360 px)', () => {
    expect(rule('.tc-ct b')).toContain('flex:none');
    expect(rule('.tc-ct b+span')).toContain('min-width:0');
  });
});
