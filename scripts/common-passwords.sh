#!/usr/bin/env bash
# Regenerates internal/auth/common_passwords.txt, the list of common
# passwords that new passwords are checked against, from the "passwords"
# dictionary of the npm package @zxcvbn-ts/language-common (MIT licence; the
# ranked list zxcvbn builds from leaked-password corpora). Run it from the
# repository root after choosing a new VERSION; the result is committed.
set -euo pipefail
VERSION=${VERSION:-4.1.3}
out=internal/auth/common_passwords.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@zxcvbn-ts/language-common@$VERSION" >/dev/null && tar xzf ./*.tgz)
node - "$tmp/package/src/passwords.json" "$VERSION" >"$out" <<'JS'
const [file, version] = process.argv.slice(2);
const words = JSON.parse(require('node:fs').readFileSync(file, 'utf8'));
const seen = new Set();
const lines = [];
for (const w of words) {
  const k = String(w).toLowerCase().trim();
  if (k && !/[\r\n#]/.test(k) && !seen.has(k)) { seen.add(k); lines.push(k); }
}
process.stdout.write(
  `# Common passwords, most common first: the "passwords" dictionary of\n` +
  `# @zxcvbn-ts/language-common ${version} (MIT licence: Copyright (c) 2012-2016\n` +
  `# Dan Wheeler and Dropbox, Inc.; Copyright (c) 2021 @zxcvbn-ts), lower-cased.\n` +
  `# Made by scripts/common-passwords.sh; do not edit by hand.\n` +
  lines.join('\n') + '\n');
JS
echo "wrote $(grep -vc '^#' "$out") passwords to $out"
