import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '..');

/**
 * No call of a deprecated API (antd props such as `List`, `Space direction`, `Tag bordered`, `Alert
 * message`…): each one prints a warning in the console of every user on every render, and goes away in
 * the next major version. The TypeScript language service reports them (6385/6387) from the libraries'
 * `@deprecated` tags — the same hint the editor strikes through.
 */
it('uses no deprecated API in the web app', () => {
  const configFile = ts.readConfigFile(path.join(WEB, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, WEB);
  const files = parsed.fileNames.filter((f) => /\/src\/.*\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => parsed.options,
    getScriptFileNames: () => files,
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => WEB,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const found: string[] = [];
  for (const file of files) {
    for (const d of service.getSuggestionDiagnostics(file)) {
      if (d.code !== 6385 && d.code !== 6387) continue;
      const { line } = ts.getLineAndCharacterOfPosition(d.file!, d.start!);
      found.push(
        `${path.relative(WEB, file)}:${line + 1} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      );
    }
  }
  expect(found).toEqual([]);
}, 240_000);
