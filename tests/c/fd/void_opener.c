/* A function named like the C library's opener but declared here to
   return nothing: there is no descriptor to leak when its result is not
   kept (there is none).  */
extern void openat (int, const char *, int, int);

void void_openat_ok (const char *name)
{
  openat (-42, name, 0, 0); /* { dg-bogus "leak" } */
}
