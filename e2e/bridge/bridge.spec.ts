import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, sendMenuCommand, test } from '../fixtures';
import { DEFAULT_VIEW_SETTINGS } from '../../shared/ipc/contract';

type BridgedWindow = Window & {
  faultline: {
    onMenuCommand(listener: (id: string) => void): () => void;
    setViewSettings(view: unknown): Promise<unknown>;
    getAppInfo(): Promise<{ shell: string }>;
  };
  __menuSeen?: string[];
  __stopMenu?: () => void;
};

// These tests never look at the default terrain: they start on its preset at 65 × 65 (a cheaper start).
test.use({ startSize: 65 });

test.describe('browser bridge to main services', () => {
  test('menu commands sent by "main" reach subscribers until they unsubscribe', async ({ app }) => {
    await app.page.evaluate(() => {
      const w = window as unknown as BridgedWindow;
      w.__menuSeen = [];
      w.__stopMenu = w.faultline.onMenuCommand((id) => w.__menuSeen!.push(id));
    });
    await sendMenuCommand(app.page, 'help.about');
    await app.page.evaluate(() => (window as unknown as BridgedWindow).__stopMenu!());
    await sendMenuCommand(app.page, 'file.new');
    expect(await app.page.evaluate(() => (window as unknown as BridgedWindow).__menuSeen)).toEqual(['help.about']);
  });

  test('settings go through the real router and service onto disk', async ({ app }) => {
    const view = { colorMode: 'slope', map2dMode: 'grayscale', wireframe: true };
    const info = await app.page.evaluate(() => (window as unknown as BridgedWindow).faultline.getAppInfo());
    expect(info.shell).toBe('browser-bridge');
    await app.page.evaluate((v) => (window as unknown as BridgedWindow).faultline.setViewSettings(v), view);
    const onDisk = JSON.parse(await readFile(path.join(app.userDataDir, 'settings.json'), 'utf8'));
    // Lighting fields the request left out are stored with their defaults.
    expect(onDisk.view).toEqual({ ...DEFAULT_VIEW_SETTINGS, ...view });
  });
});
