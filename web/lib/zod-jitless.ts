// Zod compiles its object parsers with `new Function` where a page allows it, and finds out by trying. Our CSP has no
// 'unsafe-eval', so the try is refused and every signed-in page reported a CSP violation. Answers of this API parse
// fast enough without compiling. Only zod's small config module is imported here, so the entry chunk stays light.
import { config } from 'zod/v4/core';

config({ jitless: true });
