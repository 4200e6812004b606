// Placeholder entry of the `faultline` CLI; the fault-engine work replaces it with the real commands.
process.stdout.write('faultline: no commands yet\n');
