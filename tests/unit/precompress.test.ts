import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {precompressDir} from '../../build-steps/precompress';
import {loadStaticSite} from '../../server/static-site';
import {outDirOf} from '../../scripts/build';

let dir: string;
const page = `<!doctype html><title>x</title>${'<p>Travel in China. '.repeat(50)}`;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
});
afterEach(async () => {
  await rm(dir, {recursive: true, force: true});
});

describe('the build’s precompressed files', () => {
  it('writes brotli and gzip forms beside text files that decode to the file', async () => {
    await writeFile(path.join(dir, 'index.html'), page);
    await writeFile(path.join(dir, 'logo.png'), Buffer.alloc(400));
    await writeFile(path.join(dir, '_headers'), `/*\n  X-Frame-Options: DENY\n${'#\n'.repeat(50)}`);
    expect(await precompressDir(dir)).toBe(1);
    const br = await readFile(path.join(dir, 'index.html.br'));
    const gz = await readFile(path.join(dir, 'index.html.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(page);
    expect(gunzipSync(gz).toString()).toBe(page);
    await expect(readFile(path.join(dir, 'logo.png.br'))).rejects.toThrow();
    await expect(readFile(path.join(dir, '_headers.br'))).rejects.toThrow();
  });

  it('serves the forms the build holds, and never the .br and .gz files as pages', async () => {
    await writeFile(path.join(dir, 'index.html'), page);
    await writeFile(path.join(dir, 'index.html.br'), 'stored brotli');
    await writeFile(path.join(dir, 'index.html.gz'), 'stored gzip');
    const files = await loadStaticSite(dir);
    expect([...files.keys()]).toEqual(['/index.html']);
    expect(files.get('/index.html')?.br?.toString()).toBe('stored brotli');
    expect(files.get('/index.html')?.gzip?.toString()).toBe('stored gzip');
  });

  it('compresses a text file the build holds no forms of', async () => {
    await writeFile(path.join(dir, 'index.html'), page);
    const file = (await loadStaticSite(dir)).get('/index.html');
    expect(brotliDecompressSync(file?.br ?? Buffer.alloc(0)).toString()).toBe(page);
  });
});

describe('npm run build', () => {
  it.each([
    [[], 'build'],
    [['--out-dir', 'build-waitlist'], 'build-waitlist'],
    [['--out-dir=build-waitlist'], 'build-waitlist'],
    [['--no-minify', '--out-dir', 'x', '--locale', 'en'], 'x'],
  ])('compresses the out dir docusaurus build writes for %j', (args, outDir) => {
    expect(outDirOf(args)).toBe(outDir);
  });
});
