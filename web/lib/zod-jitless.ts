// Zod compiles its object parsers with `new Function` where a page allows it, and finds out by trying. Our CSP has no
// 'unsafe-eval', so the try is refused and every signed-in page reported a CSP violation. Answers of this API parse
// fast enough without compiling. This puts part of zod's core in the entry chunk (about 4 KB gzip; zod has no public
// import of its config alone), which every page loads.
import { config } from 'zod/v4/core';

config({ jitless: true });
