#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the client build, once, at build time, so
// the server sends static assets compressed without spending CPU per request (@fastify/static
// preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'build/client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
let files = 0;
let raw = 0;
let gz = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < 512) continue;
  const gzipped = zlib.gzipSync(data, { level: 9 });
  fs.writeFileSync(`${file}.gz`, gzipped);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  files += 1;
  raw += data.length;
  gz += gzipped.length;
}
console.log(
  `precompressed ${files} files: ${(raw / 1024).toFixed(0)} kB → ${(gz / 1024).toFixed(0)} kB gzip`,
);
