/* Introspection calls that pathwise (like GCC's analyzer) answers during
   analysis, for tests: __analyzer_eval (E) warns TRUE, FALSE or UNKNOWN
   for what every path reaching it knows of E; __analyzer_dump_path ()
   reports a note with the path to it; __analyzer_dump_exploded_nodes (0)
   warns how many different states reached it ("2 processed enodes").  */
#ifndef PATHWISE_ANALYZER_DECLS_H
#define PATHWISE_ANALYZER_DECLS_H
extern void __analyzer_eval (int);
extern void __analyzer_dump_path (void);
extern void __analyzer_dump_exploded_nodes (int);
#endif
