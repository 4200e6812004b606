import { describe, expect, it } from 'vitest';
import { viewRestDelay } from './viewRestDelay';
import { VIEW_REST_AFTER_MS } from '../../app/view/viewRest';

describe('viewRestDelay', () => {
  it('takes a whole number of milliseconds from 1000 to 60000 from the address', () => {
    expect(viewRestDelay('?startSize=65&viewRest=5000')).toBe(5000);
    expect(viewRestDelay('?viewRest=1000')).toBe(1000);
  });

  it('keeps the app’s own delay for anything else', () => {
    for (const search of ['', '?viewRest=', '?viewRest=999', '?viewRest=60001', '?viewRest=2500.5', '?viewRest=abc']) {
      expect(viewRestDelay(search)).toBe(VIEW_REST_AFTER_MS);
    }
  });
});
