import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_TEXTS, i18n, loadLanguage } from '../../i18n';
import { aGraft, aPhysician } from '../../test/fixtures';
import { requestMailto } from './requestMail';

const user = aPhysician();

describe('request mail', () => {
  beforeAll(() => loadLanguage('en', ALL_TEXTS));

  it('goes to the tissue bank with the exact subject and a body naming physician, clinic and phone', () => {
    const graft = aGraft({ e_Lot: 'EL-2021-0042', e_EMail: 'requests@bank.example' });
    const href = requestMailto(graft, user, i18n.getFixedT('en')) ?? '';
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('requests@bank.example');
    expect(url.searchParams.get('subject')).toBe('Request for graft with LOT EL-2021-0042 via GraftMatch');
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain('Dr. med. Jonas Berg');
    expect(body).toContain('Herz & Gefäß – Nord');
    expect(body).toContain('+49 40 555 0311');
    // Spaces as %20 and '&' encoded, so no mail program splits or mangles the body.
    expect(href).not.toContain('+');
    expect(href.split('&')).toHaveLength(2);
  });

  it('gives no link when the tissue bank has no contact address', () => {
    expect(requestMailto(aGraft({ e_EMail: null }), user, i18n.getFixedT('en'))).toBeNull();
  });
});
