import { describe, expect, it } from 'vitest';
import { NODE_END_OF_LIFE, nodeEndOfLifeWarning } from '../../src/server/lib/node-support';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('the Node.js end-of-life warning', () => {
  it('names Node 20 from the day after its end of life, 30 April 2026', () => {
    expect(nodeEndOfLifeWarning('v20.20.2', day('2026-04-30'))).toBeNull();
    const warning = nodeEndOfLifeWarning('v20.20.2', day('2026-05-01'));
    expect(warning).toContain('Node.js v20.20.2 reached its end of life on 2026-04-30');
    expect(warning).toContain('Node.js 24 LTS');
  });

  it('says nothing for Node 24 until 30 April 2028, nor for a release newer than the table', () => {
    expect(nodeEndOfLifeWarning('v24.21.0', day('2026-11-26'))).toBeNull();
    expect(nodeEndOfLifeWarning('v24.21.0', day('2028-05-01'))).toContain('end of life on 2028-04-30');
    expect(nodeEndOfLifeWarning('v30.0.0', day('2026-11-26'))).toBeNull();
  });

  it('warns for odd releases once they end, and for anything older than the table', () => {
    expect(nodeEndOfLifeWarning('v23.11.0', day('2026-11-26'))).toContain('on 2025-06-01');
    expect(nodeEndOfLifeWarning('v14.21.3', day('2026-11-26'))).toMatch(
      /v14\.21\.3 reached its end of life and/,
    );
    expect(nodeEndOfLifeWarning('not a version', day('2026-11-26'))).toBeNull();
  });

  it('lists every line from 16 to 26 with an ISO date, LTS lines ending on 30 April', () => {
    for (let major = 16; major <= 26; major++) expect(NODE_END_OF_LIFE[major]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const major of [18, 20, 22, 24, 26]) expect(NODE_END_OF_LIFE[major]).toMatch(/-04-30$/);
  });
});
