import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkTargets, createFileSet, FileSetError, writeFileSet, writeFileStream } from './fileSet';
import { removeStaleTemps } from './staleTemps';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'faultline-fileset-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('writeFileSet', () => {
  it('writes every file and reports progress', async () => {
    const seen: string[] = [];
    await writeFileSet(
      ['a', 'b', 'c'].map((n) => ({ path: join(dir, `${n}.txt`), bytes: bytes(n) })),
      { onProgress: (done, total) => seen.push(`${done}/${total}`) },
    );
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(await readFile(join(dir, 'b.txt'), 'utf8')).toBe('b');
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
  });

  it('with one target blocked by a folder writes nothing, keeps the old files and names the target', async () => {
    await writeFile(join(dir, 'a.txt'), 'old a');
    await mkdir(join(dir, 'b.txt'));
    const failure = await writeFileSet(['a', 'b', 'c'].map((n) => ({ path: join(dir, `${n}.txt`), bytes: bytes(`new ${n}`) }))).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FileSetError);
    expect((failure as Error).message).toContain(join(dir, 'b.txt'));
    expect((failure as Error).message).not.toMatch(/\.tmp/);
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.txt']);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('old a');
  });

  it('refuses a missing folder and too many files before writing anything', async () => {
    await expect(checkTargets([join(dir, 'x.txt'), join(dir, 'missing', 'y.txt')])).rejects.toThrow(/missing\/y\.txt.*does not exist/);
    const many = Array.from({ length: 6 }, (_, k) => ({ path: join(dir, `${k}.txt`), bytes: bytes('x') }));
    await expect(writeFileSet(many, { maxFiles: 5 })).rejects.toThrow(/6 files is more than the 5/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('puts every old file back when a rename fails half way through the commit', async () => {
    await writeFile(join(dir, 'a.txt'), 'old a');
    await writeFile(join(dir, 'c.txt'), 'old c');
    const set = createFileSet();
    for (const n of ['a', 'b', 'c']) await set.add(join(dir, `${n}.txt`), bytes(`new ${n}`));
    // After staging, a folder appears where c.txt was: its rename into place fails.
    await rm(join(dir, 'c.txt'));
    await mkdir(join(dir, 'c.txt'));
    await writeFile(join(dir, 'c.txt', 'inside'), 'x');
    await expect(set.commit()).rejects.toThrow(new RegExp(`${join(dir, 'c.txt')}`));
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'c.txt']);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('old a');
  });

  it('refuses two targets that are one file on Windows and macOS (A.png and a.png) before writing anything', async () => {
    const failure = await writeFileSet([
      { path: join(dir, 'A.png'), bytes: bytes('upper') },
      { path: join(dir, 'a.png'), bytes: bytes('lower') },
    ]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FileSetError);
    expect((failure as Error).message).toMatch(/A\.png and .*a\.png are one file on Windows and macOS/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('abort removes what was staged', async () => {
    const set = createFileSet();
    await set.add(join(dir, 'a.txt'), bytes('a'));
    expect((await readdir(dir)).length).toBe(1);
    await set.abort();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('writeFileStream', () => {
  it('stages each file as it is made (before the next is made), and puts them in place only after the last', async () => {
    await writeFile(join(dir, 'a.txt'), 'old a');
    const paths = ['a', 'b', 'c'].map((n) => join(dir, `${n}.txt`));
    const seenWhileMaking: string[][] = [];
    const made = (function* () {
      for (const path of paths) {
        yield { path, bytes: bytes(`new ${path.slice(-5)}`) };
        // Back here only once the file is staged: one more temporary beside the targets, no target yet.
        seenWhileMaking.push(readdirSync(dir).filter((name) => name !== 'a.txt'));
      }
    })();
    await writeFileStream(paths, made);
    expect(seenWhileMaking.map((names) => names.length)).toEqual([1, 2, 3]);
    expect(seenWhileMaking.flat().some((name) => name === 'b.txt' || name === 'c.txt')).toBe(false);
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('new a.txt');
  });

  it('an error while making a file, a file not announced, or one missing writes nothing and leaves no temporary', async () => {
    await writeFile(join(dir, 'a.txt'), 'old a');
    const paths = ['a', 'b'].map((n) => join(dir, `${n}.txt`));
    const failing = (function* () {
      yield { path: paths[0], bytes: bytes('new a') };
      throw new Error('b.txt: cannot be exported: out of luck');
    })();
    await expect(writeFileStream(paths, failing)).rejects.toThrow(/out of luck/);
    await expect(
      writeFileStream(paths, [
        { path: paths[0], bytes: bytes('x') },
        { path: join(dir, 'z.txt'), bytes: bytes('z') },
      ]),
    ).rejects.toThrow(/z\.txt is not one of the files announced/);
    await expect(writeFileStream(paths, [{ path: paths[0], bytes: bytes('x') }])).rejects.toThrow(/1 of the 2 files announced/);
    expect(await readdir(dir)).toEqual(['a.txt']);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('old a');
  });
});

describe('a set a killed process left committing (fileSetJournal.ts)', () => {
  const DEAD_PID = 2 ** 22 + 1;
  const record = (entries: { target: string; staged: string; aside: string | null }[]) => JSON.stringify({ faultlineFileSet: 1, entries, refs: [] });

  it('is finished forward when every target has its new file or is new already', async () => {
    await writeFile(join(dir, 'a.txt'), 'new a');
    await writeFile(join(dir, `.a.txt.${DEAD_PID}.01.aside.tmp`), 'old a');
    await writeFile(join(dir, 'b.txt'), 'old b');
    await writeFile(join(dir, `.b.txt.${DEAD_PID}.02.aside.tmp`), 'old b');
    await writeFile(join(dir, `.b.txt.${DEAD_PID}.03.tmp`), 'new b');
    await writeFile(
      join(dir, `.faultline-set.${DEAD_PID}.0a.json`),
      record([
        { target: join(dir, 'a.txt'), staged: `.a.txt.${DEAD_PID}.04.tmp`, aside: `.a.txt.${DEAD_PID}.01.aside.tmp` },
        { target: join(dir, 'b.txt'), staged: `.b.txt.${DEAD_PID}.03.tmp`, aside: `.b.txt.${DEAD_PID}.02.aside.tmp` },
      ]),
    );
    await checkTargets([join(dir, 'c.txt')]);
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.txt']);
    expect([await readFile(join(dir, 'a.txt'), 'utf8'), await readFile(join(dir, 'b.txt'), 'utf8')]).toEqual(['new a', 'new b']);
  });

  it('is put back when a target has neither its new file nor itself; an aside copy whose target is missing is never removed', async () => {
    await writeFile(join(dir, `.a.txt.${DEAD_PID}.01.aside.tmp`), 'old a');
    await writeFile(join(dir, 'b.txt'), 'new b');
    await writeFile(join(dir, `.b.txt.${DEAD_PID}.02.aside.tmp`), 'old b');
    await writeFile(
      join(dir, `.faultline-set.${DEAD_PID}.0b.json`),
      record([
        { target: join(dir, 'a.txt'), staged: `.a.txt.${DEAD_PID}.04.tmp`, aside: `.a.txt.${DEAD_PID}.01.aside.tmp` },
        { target: join(dir, 'b.txt'), staged: `.b.txt.${DEAD_PID}.03.tmp`, aside: `.b.txt.${DEAD_PID}.02.aside.tmp` },
      ]),
    );
    await checkTargets([join(dir, 'c.txt')]);
    expect([await readFile(join(dir, 'a.txt'), 'utf8'), await readFile(join(dir, 'b.txt'), 'utf8')]).toEqual(['old a', 'old b']);
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.txt']);

    // No record: an orphan aside copy of a missing target stays; one whose target is there goes.
    await writeFile(join(dir, `.x.txt.${DEAD_PID}.05.aside.tmp`), 'only copy of x');
    await writeFile(join(dir, `.a.txt.${DEAD_PID}.06.aside.tmp`), 'old a');
    await removeStaleTemps(join(dir, 'x.txt'));
    await removeStaleTemps(join(dir, 'a.txt'));
    expect((await readdir(dir)).sort()).toEqual([`.x.txt.${DEAD_PID}.05.aside.tmp`, 'a.txt', 'b.txt']);
  });

  it('a record cut short (killed while writing it, before any rename) is dropped with the staged files; the targets stay old', async () => {
    await writeFile(join(dir, 'a.txt'), 'old a');
    await writeFile(join(dir, `.a.txt.${DEAD_PID}.01.aside.tmp`), 'old a');
    await writeFile(join(dir, `.a.txt.${DEAD_PID}.02.tmp`), 'new a');
    const whole = record([{ target: join(dir, 'a.txt'), staged: `.a.txt.${DEAD_PID}.02.tmp`, aside: `.a.txt.${DEAD_PID}.01.aside.tmp` }]);
    // Cut right after an entry's closing brace: it still ends in '}'.
    await writeFile(join(dir, `.faultline-set.${DEAD_PID}.0d.json`), whole.slice(0, whole.indexOf('}') + 1));
    await removeStaleTemps(join(dir, 'a.txt'));
    expect(await readdir(dir)).toEqual(['a.txt']);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('old a');
  });

  it('a record naming files outside its pattern (a path, another file) is not acted on', async () => {
    await writeFile(join(dir, 'victim.txt'), 'keep');
    await writeFile(join(dir, 'a.txt'), 'keep a');
    const hostile = JSON.stringify({ faultlineFileSet: 1, entries: [{ target: join(dir, 'a.txt'), staged: '../victim.txt', aside: null }], refs: [] });
    await writeFile(join(dir, `.faultline-set.${DEAD_PID}.0c.json`), hostile);
    await checkTargets([join(dir, 'c.txt')]);
    expect(await readFile(join(dir, 'victim.txt'), 'utf8')).toBe('keep');
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('keep a');
  });
});
