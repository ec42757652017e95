import { z } from 'zod';
import { defineKind } from '../kind';

const words = { url: 'URL', hostname: 'host name', pathname: 'path', protocol: 'protocol', referrer: 'referrer', title: 'title', hash: 'hash', search: 'query string', pathAndQuery: 'path and query string' } as const;

export default defineKind({
  kind: 'pageInfo',
  params: z.object({ attribute: z.enum(['url', 'hostname', 'pathname', 'protocol', 'referrer', 'title', 'hash', 'search', 'pathAndQuery']) }).strict(),
  describe: (p) => `the page ${words[p.attribute]}`,
});
