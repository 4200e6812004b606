// Placeholder for the side panel (generate panel, tool settings); the terrain-design work fills it in.
export function SidePanel() {
  return <aside className="side-panel" data-testid="side-panel" />;
}
