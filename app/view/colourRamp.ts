/** The colour ramps and the natural table live in shared/ (the CLI's colour map reads them too). */
export * from '../../shared/terrain/colourRamp';
