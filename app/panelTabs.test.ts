import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../shared/terrain/heightfield';
import { createDocument } from './document/document';
import { createEditorSession } from './editorSession';
import { createMemoryFaultlineApi } from './platform/memoryApi';
import { setPanelTab, tabForTool } from './panelTabs';

function newSession() {
  const field = createHeightfield(33, 33, 1);
  return createEditorSession({ api: createMemoryFaultlineApi(), document: createDocument(field) });
}

const tabOf = (session: ReturnType<typeof newSession>) => session.view.getState().settings.panelTab;

describe('the side panel follows the task', () => {
  it('starts on Generate', () => {
    expect(tabOf(newSession())).toBe('generate');
  });

  it('shows the tab of the tool picked, by any route (command, shortcut, panel)', async () => {
    const session = newSession();
    await session.commands.execute('tool.brush');
    expect(tabOf(session)).toBe('sculpt');
    await session.commands.execute('props.placeTool');
    expect(tabOf(session)).toBe('props');
    await session.commands.execute('tool.fault');
    expect(tabOf(session)).toBe('sculpt');
    await session.commands.execute('props.scatterTool');
    expect(tabOf(session)).toBe('props');
  });

  it('navigation leaves the tab the user chose; a drive or walk shows Drive', async () => {
    const session = newSession();
    setPanelTab(session.view, 'view');
    await session.commands.execute('tool.navigate');
    expect(tabOf(session)).toBe('view');
    await session.commands.execute('drive.toggle');
    expect(session.drive.mode).toBe('drive');
    expect(tabOf(session)).toBe('drive');
    await session.commands.execute('drive.toggle');
    setPanelTab(session.view, 'generate');
    await session.commands.execute('drive.walk');
    expect(tabOf(session)).toBe('drive');
  });

  it('maps tools to tabs', () => {
    expect(tabForTool(null)).toBeNull();
    expect(tabForTool('brush')).toBe('sculpt');
    expect(tabForTool('props-select')).toBe('props');
    expect(tabForTool('something-new')).toBeNull();
  });

  it('stops following when the session is disposed', async () => {
    const session = newSession();
    session.dispose();
    session.design.selectTool('brush');
    expect(session.tools.getState().active?.id).toBe('brush');
    expect(tabOf(session)).toBe('generate');
  });
});
