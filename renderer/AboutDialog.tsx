import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { AppInfo } from '../shared/ipc/contract';
import { useSession } from './session';
import { Modal } from './ui/Modal';

export function AboutDialog() {
  const { view, api } = useSession();
  const open = useStore(view, (s) => s.aboutOpen);
  const [info, setInfo] = useState<AppInfo | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    api.getAppInfo().then(
      (value) => live && setInfo(value),
      () => live && setInfo(null),
    );
    return () => {
      live = false;
    };
  }, [open, api]);
  if (!open) return null;
  const close = () => view.setState({ aboutOpen: false });
  return (
    <Modal title="Faultline" testId="about-dialog" className="about" onCancel={close} onBackdrop={close}>
      <p>A terrain editor: fault-line formation on an exact triangle surface.</p>
      {info && (
        <p className="about-meta">
          Version {info.version} · {info.platform} · {info.shell}
        </p>
      )}
      <button type="button" data-autofocus onClick={close}>
        Close
      </button>
    </Modal>
  );
}
