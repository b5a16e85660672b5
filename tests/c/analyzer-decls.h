/* Introspection calls that pathwise (like GCC's analyzer) answers during
   analysis, for tests: __analyzer_eval (E) warns TRUE, FALSE or UNKNOWN
   for what every path reaching it knows of E; __analyzer_dump_path ()
   reports a note with the path to it; __analyzer_dump_exploded_nodes (0)
   warns how many different states reached it ("2 processed enodes");
   __analyzer_dump_capacity (P) warns the size in bytes of the whole
   object P points into ("capacity: '(size_t)16'").  */
#ifndef PATHWISE_ANALYZER_DECLS_H
#define PATHWISE_ANALYZER_DECLS_H
extern void __analyzer_eval (int);
extern void __analyzer_dump_path (void);
extern void __analyzer_dump_exploded_nodes (int);
extern void __analyzer_dump_capacity (const void *);
#endif
