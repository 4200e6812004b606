import './project.css';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ProjectController } from '../../app/project/projectController';
import { useSession } from '../session';
import { Modal } from '../ui/Modal';
import { droppedFileOf, hasFiles, shellDropToken } from './dropHandler';

/**
 * Everything about the project document the user sees outside the menus: the window title, the
 * "unsaved changes" and "restore unsaved work" questions, errors, Open Recent, and the window's one
 * file-drop listener (the session decides what a dropped file is).
 */
export function ProjectLayer() {
  const session = useSession();
  const controller = session.project;
  const title = useStore(controller.store, (s) => s.title);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    const over = (event: DragEvent) => {
      if (!hasFiles(event.dataTransfer)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      const file = droppedFileOf(event.dataTransfer, shellDropToken());
      setDragging(false);
      if (!file) return;
      event.preventDefault();
      void session.openDroppedFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [session]);

  return (
    <>
      {dragging && <div className="project-drop-hint" data-testid="project-drop-hint" />}
      <UnsavedQuestion controller={controller} />
      <RecoveryOffer controller={controller} />
      <RecentList controller={controller} />
      <ProjectError controller={controller} />
    </>
  );
}

function UnsavedQuestion({ controller }: { controller: ProjectController }) {
  const question = useStore(controller.store, (s) => s.unsavedQuestion);
  if (!question) return null;
  return (
    <Modal title="Unsaved changes" testId="unsaved-dialog" className="about project-dialog" onCancel={() => controller.answerUnsaved('cancel')}>
      <p>Save your changes before {question.action}?</p>
      <div className="project-buttons">
        <button type="button" data-autofocus data-testid="unsaved-save" onClick={() => controller.answerUnsaved('save')}>
          Save
        </button>
        <button type="button" data-testid="unsaved-discard" onClick={() => controller.answerUnsaved('discard')}>
          Don&apos;t Save
        </button>
        <button type="button" data-testid="unsaved-cancel" onClick={() => controller.answerUnsaved('cancel')}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

function RecoveryOffer({ controller }: { controller: ProjectController }) {
  const offer = useStore(controller.store, (s) => s.recoveryOffer);
  if (!offer) return null;
  const when = new Date(offer.savedAt).toLocaleString();
  return (
    // No Escape: the unsaved work is either restored or discarded, never left undecided.
    <Modal title="Restore unsaved work?" testId="recovery-dialog" className="about project-dialog">
      <p>
        Faultline found unsaved work{offer.fileName ? ` on ${offer.fileName}` : ''} from {when}. Restore unsaved work from {when}?
      </p>
      <div className="project-buttons">
        <button type="button" data-autofocus data-testid="recovery-restore" onClick={() => void controller.restoreRecovery()}>
          Restore
        </button>
        <button type="button" data-testid="recovery-discard" onClick={() => void controller.discardRecovery()}>
          Discard
        </button>
      </div>
    </Modal>
  );
}

function RecentList({ controller }: { controller: ProjectController }) {
  const entries = useStore(controller.store, (s) => s.recentList);
  if (!entries) return null;
  return (
    <Modal title="Open Recent" testId="recent-dialog" className="about project-dialog" onCancel={() => controller.closeRecent()}>
      {entries.length === 0 ? (
        <p>No recent files yet.</p>
      ) : (
        <ul className="project-recent-list">
          {entries.map((entry, index) => (
            <li key={`${entry.folder}/${entry.name}`}>
              <button type="button" data-testid={`recent-${index}`} title={entry.folder} onClick={() => void controller.openRecent(index)}>
                {entry.name}
                <span className="project-recent-folder">{entry.folder}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="project-buttons">
        <button type="button" data-testid="recent-close" onClick={() => controller.closeRecent()}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function ProjectError({ controller }: { controller: ProjectController }) {
  const error = useStore(controller.store, (s) => s.error);
  if (!error) return null;
  return (
    <Modal
      title="Could not complete that"
      testId="project-error"
      className="about project-dialog"
      role="alertdialog"
      onCancel={() => controller.dismissError()}
    >
      <p className="project-error-text" data-testid="project-error-text">
        {error}
      </p>
      <div className="project-buttons">
        <button type="button" data-autofocus data-testid="project-error-ok" onClick={() => controller.dismissError()}>
          OK
        </button>
      </div>
    </Modal>
  );
}
