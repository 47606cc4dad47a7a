// What CI runs (issue 27): the suites in vitest.config.ts name real files, and production's Node is one version.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE_SENSITIVE, FULL_ONLY } from '../../vitest.config';

describe('the CI suites', () => {
  it('name test files that exist, so a renamed file cannot drop out of a run unnoticed', () => {
    for (const file of [...ENGINE_SENSITIVE, ...FULL_ONLY]) expect(existsSync(file), file).toBe(true);
    expect(ENGINE_SENSITIVE.filter((file) => FULL_ONLY.includes(file))).toEqual([]);
  });

  it('runs production on the Node of .nvmrc: the Dockerfile and CI read the same version, an LTS line', () => {
    const version = readFileSync('.nvmrc', 'utf8').trim();
    expect(version).toMatch(/^24\.\d+\.\d+$/);
    expect(readFileSync('Dockerfile', 'utf8')).toContain(`ARG NODE_VERSION=${version}\n`);
    expect(readFileSync('.ci/run', 'utf8')).toContain('version="$(cat .nvmrc)"');
  });
});
