import path from 'node:path';
import ts from 'typescript';

// What the API can write into the audit log, read from its source with the TypeScript checker
// (issue 29, decision 062): every `recordAudit(…)` call's action (the literal, the branches of a
// condition, or a template over a union such as `${kind}.create`) and the field names of its
// before/after (nested objects and arrays included). A before/after the checker cannot name (a
// generic or a record) is reported, so the caller supplies its shape.

export type AuditSource = { file: string; actions: string[]; fields: string[]; unnamed: boolean };

const API = path.resolve(import.meta.dirname, '../../../../../api');

export function auditSources(): { calls: AuditSource[]; checker: ts.TypeChecker; program: ts.Program } {
  const config = ts.readConfigFile(path.join(API, 'tsconfig.json'), (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, API);
  const files = parsed.fileNames.filter((f) => f.includes('/src/') && !f.endsWith('.test.ts'));
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();

  function literals(type: ts.Type): string[] {
    if (type.flags & ts.TypeFlags.TypeParameter)
      return literals(checker.getBaseConstraintOfType(type) ?? type);
    if (type.isUnion()) return type.types.flatMap(literals);
    if (type.isStringLiteral()) return [type.value];
    return [`?${checker.typeToString(type)}`];
  }

  function actionsOf(node: ts.Expression): string[] {
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isParenthesizedExpression(node)) return actionsOf(node.expression);
    if (ts.isConditionalExpression(node)) return [...actionsOf(node.whenTrue), ...actionsOf(node.whenFalse)];
    if (ts.isTemplateExpression(node)) {
      let out = [node.head.text];
      for (const span of node.templateSpans) {
        const parts = literals(checker.getTypeAtLocation(span.expression));
        out = out.flatMap((o) => parts.map((p) => o + p + span.literal.text));
      }
      return out;
    }
    return literals(checker.getTypeAtLocation(node));
  }

  let unnamed = false;
  function fieldsOf(type: ts.Type, depth = 0): string[] {
    if (depth > 4) return [];
    const t = checker.getNonNullableType(type);
    if (t.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) {
      unnamed = true;
      return [];
    }
    if (t.isUnion()) return t.types.flatMap((u) => fieldsOf(u, depth));
    if (checker.isArrayType(t))
      return checker.getTypeArguments(t as ts.TypeReference).flatMap((e) => fieldsOf(e, depth + 1));
    if (!(t.flags & ts.TypeFlags.Object)) return [];
    if (checker.getIndexInfosOfType(t).length > 0 || t.isTypeParameter()) unnamed = true;
    return checker.getPropertiesOfType(t).flatMap((p) => {
      const decl = p.valueDeclaration ?? p.declarations?.[0];
      const pt = decl ? checker.getTypeOfSymbolAtLocation(p, decl) : checker.getDeclaredTypeOfSymbol(p);
      return [p.name, ...fieldsOf(pt, depth + 1)];
    });
  }

  const calls: AuditSource[] = [];
  for (const sf of program.getSourceFiles()) {
    if (!sf.fileName.startsWith(path.join(API, 'src'))) continue;
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'recordAudit') {
        const change = n.arguments[2];
        if (change && ts.isObjectLiteralExpression(change)) {
          unnamed = false;
          const changeType = checker.getTypeAtLocation(change);
          const action = change.properties.find(
            (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'action',
          );
          const fields = ['before', 'after'].flatMap((k) => {
            const p = changeType.getProperty(k);
            return p ? fieldsOf(checker.getTypeOfSymbolAtLocation(p, change)) : [];
          });
          calls.push({
            file: path.relative(API, sf.fileName),
            actions: action ? actionsOf(action.initializer) : ['?'],
            fields: [...new Set(fields)],
            unnamed,
          });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { calls, checker, program };
}
