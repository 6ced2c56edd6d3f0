// Counts functions (declarations, arrows, methods) over N lines in source files,
// leaving out tests, migrations and seed data. Usage: node long-functions.mjs <repo> [N]
import ts from '/work/main/node_modules/typescript/lib/typescript.js';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
const repo = process.argv[2]; const min = Number(process.argv[3] ?? 150);
const files = execSync('git ls-files -co --exclude-standard apps packages', { cwd: repo }).toString().split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.|\/test\/|migrations\/|\/seed\/|\.d\.ts$/.test(f));
const out = []; const sizes = [];
for (const f of files) {
  const text = (()=>{try{return readFileSync(`${repo}/${f}`,"utf8")}catch{return ""}})();
  sizes.push([text.split('\n').length, f]);
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const a = sf.getLineAndCharacterOfPosition(node.getStart()).line; const b = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const n = b - a + 1;
      let name = node.name?.getText?.() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : ts.isPropertyAssignment(node.parent) ? node.parent.name.getText() : '(anonymous)');
      if (n > min && name !== '(anonymous)') out.push([n, `${f}:${a + 1} ${name}`]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
out.sort((x, y) => y[0] - x[0]); sizes.sort((x, y) => y[0] - x[0]);
console.log(`functions over ${min} lines: ${out.length}`); for (const [n, w] of out) console.log(n, w);
console.log('largest files:'); for (const [n, f] of sizes.slice(0, 12)) console.log(n, f);
