import { EVENT_CHANNELS, type EventChannel, type EventTypes } from '../../shared/ipc/contract';

export type RawSend = (channel: EventChannel, payload: unknown) => void;

export interface EventSender {
  send<E extends EventChannel>(channel: E, payload: EventTypes[E]): void;
}

/** Typed main → renderer events over whatever transport the shell has (webContents.send, test bridge). */
export function createEventSender(rawSend: RawSend): EventSender {
  return {
    send(channel, payload) {
      if (!EVENT_CHANNELS.includes(channel)) throw new Error(`Unknown event channel ${String(channel)}`);
      rawSend(channel, payload);
    },
  };
}
