import type { FaultlineApi } from '../../shared/ipc/api';
import type { DriveSession } from '../../app/drive/driveSession';

/** Hands the recorded drive to main, which asks where to save it. Returns a short status line. */
export async function exportTelemetry(api: FaultlineApi, drive: DriveSession): Promise<string> {
  const bytes = new TextEncoder().encode(drive.recordingCsv());
  const result = await api.saveBytesAs({
    title: 'Export Drive Telemetry',
    defaultName: 'drive-telemetry.csv',
    filters: [{ name: 'CSV', extensions: ['csv'] }],
    bytes,
  });
  return result.saved ? `Saved ${result.fileName ?? 'telemetry'}` : 'Not saved';
}
