// Precompresses the build: a .br and a .gz beside every text asset over
// 1 KiB, which the Go server sends to browsers that accept them. Runs after
// `vite build` (see package.json). Node's zlib has both algorithms.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const root = new URL('../dist/', import.meta.url).pathname;
const textTypes = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.mjs']);
let files = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p);
    else if (textTypes.has(extname(name)) && st.size > 1024 && name !== 'index.html') {
      const data = readFileSync(p);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = gzipSync(data, { level: 9 });
      if (br.length < data.length * 0.9) writeFileSync(p + '.br', br);
      if (gz.length < data.length * 0.9) writeFileSync(p + '.gz', gz);
      files++;
    }
  }
}

walk(root);
// go:embed needs the directory to exist even before the first build; git
// keeps this placeholder.
writeFileSync(join(root, '.gitkeep'), '');
console.log(`compress: ${files} files precompressed`);
