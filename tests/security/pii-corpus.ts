import { prng } from '../helpers/prng';

// The PII corpus of the redaction tests: positives (each must leave as the token) and near-miss
// negatives (each must leave unchanged): fund codes, dates, ids, amounts, versions, file names.
// Generated from a fixed seed plus hand-written cases, so every run checks the same inputs.

const rand = prng(12);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
const digits = (n: number, first = '0123456789') => pick(first.split('')) + Array.from({ length: n - 1 }, () => Math.floor(rand() * 10)).join('');

/** The Luhn check digit that makes `body` + digit valid (the test's own arithmetic). */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return (10 - (sum % 10)) % 10;
}

function card(prefix: string, length: number, valid = true): string {
  const body = prefix + digits(length - prefix.length - 1);
  const check = checkDigit(body);
  return body + String(valid ? check : (check + 1 + Math.floor(rand() * 8)) % 10);
}

function grouped(n: string, sep: string): string {
  if (n.length === 15) return `${n.slice(0, 4)}${sep}${n.slice(4, 10)}${sep}${n.slice(10)}`;
  return n.match(/.{1,4}/g)!.join(sep);
}

const NAMES = ['john.smith', 'j.doe', 'mary_jones', 'advisor+test', 'a.b-c', 'x', 'Anne.Marie', 'client123', 'first.last.99', 'o%27brien'];
const DOMAINS = ['gmail.com', 'firm.example', 'mail.co.uk', 'example.org', 'sub.domain.io', 'yahoo.fr', 'advisors.firm-internal.example', 'x.museum'];
const BRANDS: [string, number][] = [['4', 16], ['4', 13], ['51', 16], ['55', 16], ['2221', 16], ['2720', 16], ['34', 15], ['37', 15], ['6011', 16], ['65', 16], ['36', 14], ['3528', 16], ['62', 19]];

function positives(): string[] {
  const out: string[] = [
    'john.smith@gmail.com', 'JANE.DOE@FIRM.EXAMPLE', 'advisor+alerts@firm.example', 'a@b.co', 'support@help.firm.example',
    '123-45-6789', '078-05-1120', '219 09 9999', '555-123-4567', '(555) 123-4567', '555.123.4567', '+1 555 123 4567', '1-800-555-0199',
    '+44 20 7946 0958', '+33 1 23 45 67 89', '+49 30 901820', '+61 2 9876 5432', '4111111111111111', '4111 1111 1111 1111',
    '4111-1111-1111-1111', '5555555555554444', '378282246310005', '3782 822463 10005', '6011111111111117', '3530111333300000', '4012888888881881',
  ];
  for (let i = 0; i < 45; i++) out.push(`${pick(NAMES)}${i}@${pick(DOMAINS)}`);
  for (let i = 0; i < 35; i++) out.push(`${digits(3, '12345678')}${pick(['-', ' '])}${digits(2, '123456789')}${pick(['-', ' '])}${digits(4, '123456789')}`.replace(/^(\d{3})([- ])(\d\d)[- ]/, '$1$2$3$2'));
  for (let i = 0; i < 40; i++) {
    const [a, b, c] = [digits(3, '23456789'), digits(3, '23456789'), digits(4)];
    out.push(pick([`${a}-${b}-${c}`, `(${a}) ${b}-${c}`, `${a}.${b}.${c}`, `+1 ${a} ${b} ${c}`, `1-${a}-${b}-${c}`, `+1 (${a}) ${b}-${c}`, `${a} ${b} ${c}`]));
  }
  for (let i = 0; i < 15; i++) out.push(`+${pick(['44', '33', '49', '81', '353', '91'])} ${digits(2, '123456789')} ${digits(4)} ${digits(4)}`);
  for (let i = 0; i < 60; i++) {
    const [prefix, length] = pick(BRANDS);
    const n = card(prefix, length);
    out.push(pick(['', ' ', '-']) === '' ? n : grouped(n, pick([' ', '-'])));
  }
  return [...new Set(out)];
}

const TICKERS = ['AGTHX', 'AMCPX', 'VFIAX', 'FXAIX', 'SWPPX', 'AIVSX', 'ANWPX', 'AWSHX', 'CWGIX', 'AFIFX'];

function negatives(): string[] {
  const out: string[] = [
    'FIRM0000000000000000000@AdobeOrg', 'logo@2x.png', 'hero@1.5x.webp', 'icon@3x.jpg', 'support@firm', 'name@localhost', '@firmadvisors', 'user at example dot com',
    '2.11.4', '5.5.0', '10.0.0.1', '192.168.100.200', '12345-6789', '90210', '000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123-45-0000', '123-45-67890',
    '12-345-6789', '123456789', '5551234567', '1732212345', '1732212345678', '1,234,567.89', '$12,345.00', '****1234', 'ending 1234', '12-34-56', '978-3-16-148410-0',
    '9780316148410', 'US0378331005', '037833100', '02507M303', '61794315425683745813796539875063201498', '123e4567-e89b-12d3-a456-426614174000',
    '22/10/2026 14:3:5 3 -60', '14:30:45', '2026-11-22T14:30:45.123Z', 'ORD-2024-000123', 'event61,event5=2.5', ';AGTHX;1;10.00', 'us > funds > growth fund',
    'C++ 2024', '+2.5.3.1', '1 2 3 4 5 6 7 8 9 10 11 12 13', 'page 1 of 20', '50% off', '3.14159265358979', 'MCMID|61794315425683745813796539875063201498',
    'v1.2.3-beta.4', 'width=1280&height=800',
  ];
  for (let i = 0; i < 30; i++) out.push(`${pick(TICKERS)}${pick(['', ' fund', '-A', ':US'])}`);
  for (let i = 0; i < 40; i++) {
    const [y, m, d] = [2000 + Math.floor(rand() * 30), 1 + Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)];
    const p2 = (n: number) => String(n).padStart(2, '0');
    out.push(pick([`${y}-${p2(m)}-${p2(d)}`, `${p2(m)}/${p2(d)}/${y}`, `${p2(d)}.${p2(m)}.${y}`, `${y}${p2(m)}${p2(d)}`, `${d} Nov ${y}`, `${y}-${p2(m)}-${p2(d)} ${p2(d)}:${p2(m)}`]));
  }
  for (let i = 0; i < 30; i++) out.push(pick([digits(38, '12345678'), digits(13, '1'), digits(10, '1'), digits(9), digits(8), Array.from({ length: 32 }, () => '0123456789abcdef'[Math.floor(rand() * 16)]).join('')]));
  for (let i = 0; i < 35; i++) {
    const [prefix, length] = pick(BRANDS);
    out.push(card(prefix, length, false));
  }
  for (let i = 0; i < 20; i++) out.push(card(pick(['1', '7', '8', '9', '0']), 16));
  for (let i = 0; i < 15; i++) out.push(`${digits(4, '12')}.${digits(2)}.${digits(4)}`);
  return [...new Set(out)];
}

export const PII_POSITIVES = positives();
export const PII_NEGATIVES = negatives();
