/** `channels`: canyons cut along the drainage network of the heights below (shared/filters/channels.ts). */
import { carveChannels, channelProblem } from '../../filters/channels';
import { isFiniteNumber, type LayerKindModule } from '../kind';
import type { ChannelsLayer } from '../types';
import { fieldOver } from './wholeMap';

export const channelsKind: LayerKindModule<ChannelsLayer> = {
  kind: 'channels',
  local: false,
  problem: ({ params }) =>
    isFiniteNumber(params.depth) && isFiniteNumber(params.threshold) && isFiniteNumber(params.wallSlope)
      ? channelProblem(params)
      : 'channels need finite depth, threshold and wall slope',
  apply(layer, input, out, size, _rect, options) {
    carveChannels(fieldOver(input, out, size), layer.params);
    options.onProgress?.(1, 1);
    return true;
  },
};
