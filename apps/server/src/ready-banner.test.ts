import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { readyBanner } from './ready-banner';

const link = 'http://localhost:3000/?email=operator%40ops.demo.example&mode=signIn&oobCode=CODE';

describe('the ready banner', () => {
  it('without SMTP_URL ends with the demo admin’s link and how to get another', () => {
    const banner = readyBanner(loadConfig({ PORT: '3000' }), {
      email: 'operator@ops.demo.example',
      link,
    });
    expect(banner).toContain('Operations is ready at http://localhost:3000');
    expect(banner).toContain(
      'The member portal (applicants, members, national associations): http://localhost:3001',
    );
    expect(banner).toContain(`\n    ${link}\n`);
    expect(banner).toContain('npm run ops -- sign-in-link operator@ops.demo.example');
    expect(banner).toContain('E-mails are not sent (SMTP_URL is not set)');
    // Short enough to read at a glance.
    expect(banner.split('\n').length).toBeLessThanOrEqual(12);
  });

  it('off a terminal names the command instead of printing a link', () => {
    const banner = readyBanner(loadConfig({ PORT: '3000' }), {
      email: 'operator@ops.demo.example',
      link: null,
    });
    expect(banner).toContain('printed only to a terminal');
    expect(banner).toContain('npm run ops -- sign-in-link operator@ops.demo.example');
    expect(banner).not.toContain('oobCode');
  });

  it('with SMTP_URL says the link goes out by e-mail, and names sign-in-link', () => {
    const banner = readyBanner(
      loadConfig({ PUBLIC_URL: 'https://ops.example.org', SMTP_URL: 'smtp://mail.example.org' }),
      null,
    );
    expect(banner).toContain('Operations is ready at https://ops.example.org');
    expect(banner).toContain('sent by e-mail (SMTP_URL)');
    expect(banner).toContain('npm run ops -- sign-in-link <email>');
    expect(banner).not.toContain('oobCode');
    expect(banner).not.toContain('not sent');
  });

  it('without SMTP_URL and without a demo admin says how to make an operator and get a link', () => {
    const banner = readyBanner(loadConfig({ SEED: 'none' }), null);
    expect(banner).toContain('npm run ops -- operators add you@example.org --roles admin');
    expect(banner).toContain('npm run ops -- sign-in-link you@example.org');
  });
});
