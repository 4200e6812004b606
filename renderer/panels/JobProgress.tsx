import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { PROGRESS_DELAY_MS } from '../../app/jobs/jobStore';
import type { TerrainJobs } from '../../app/jobs/terrainJobs';

/** A progress bar with Cancel, shown once a job has run longer than ~200 ms. */
export function JobProgress({ jobs }: { jobs: TerrainJobs }) {
  const { running, label, done, total, startedAt } = useStore(jobs.store);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!running) {
      setVisible(false);
      return;
    }
    const remaining = PROGRESS_DELAY_MS - (performance.now() - startedAt);
    const timer = setTimeout(() => setVisible(true), Math.max(0, remaining));
    return () => clearTimeout(timer);
  }, [running, startedAt]);
  if (!running || !visible) return null;
  return (
    <div className="job-progress" data-testid="job-progress" role="status">
      <span>{label}</span>
      <progress max={Math.max(1, total)} value={done} aria-label={`${label}: ${done} of ${total}`} />
      <button type="button" data-testid="gen-cancel" onClick={() => jobs.cancel()}>
        Cancel
      </button>
    </div>
  );
}
