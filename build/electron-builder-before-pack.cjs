// electron-builder beforePack hook (build/electron-builder.yml): makes sure
// build/native/electron/better_sqlite3.node exists for this Electron version
// before the app files are copied. A native addon cannot be cross-compiled:
// package on the operating system and architecture you are packaging for.
'use strict';
const { execFileSync } = require('node:child_process');
const path = require('node:path');

// electron-builder's Arch enum (builder-util): ia32, x64, armv7l, arm64, universal.
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];
const NODE_ARCH = { armv7l: 'arm' };

async function beforePack(context) {
  const platform = context.electronPlatformName;
  const archName = typeof context.arch === 'number' ? ARCH_NAMES[context.arch] : String(context.arch);
  const arch = NODE_ARCH[archName] || archName;
  if (platform !== process.platform || arch !== process.arch) {
    throw new Error(
      `Touchstone ships better-sqlite3 built for one platform: packaging for ${platform}/${archName} must run on ${platform}/${archName} ` +
      `(this machine is ${process.platform}/${process.arch}).`,
    );
  }
  execFileSync(process.execPath, [path.join(__dirname, 'electron-native.mjs')], { stdio: 'inherit' });
}

module.exports = beforePack;
module.exports.default = beforePack;
