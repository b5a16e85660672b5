/* specs/dlfcn.toml: shared objects leaked, closed twice, or used after
   dlclose.  */
#include <dlfcn.h>
#include <stddef.h>

typedef int (*entry_fn) (void);

int leak_bad (const char *path)
{
  void *h = dlopen (path, RTLD_NOW); /* { dg-message "\\(1\\) loaded here" } */
  if (!h)
    return -1;
  entry_fn f = (entry_fn) dlsym (h, "entry");
  return f ? f () : -1; /* { dg-warning "leak of shared object handle 'h' \\\[CWE-772\\\] \\\[-Wanalyzer-dlopen-leak\\\]" } */
}

void double_close_bad (const char *path)
{
  void *h = dlopen (path, RTLD_NOW);
  if (!h)
    return;
  dlclose (h); /* { dg-message "first 'dlclose' here" } */
  dlclose (h); /* { dg-warning "double 'dlclose' of 'h' \\\[CWE-1341\\\]" } */
}

void *sym_after_close_bad (const char *path)
{
  void *h = dlopen (path, RTLD_NOW);
  if (!h)
    return NULL;
  dlclose (h); /* { dg-message "closed here" } */
  return dlsym (h, "entry"); /* { dg-warning "'dlsym' on closed shared object handle 'h' \\\[CWE-416\\\]" } */
}

int closed_ok (const char *path)
{
  void *h = dlopen (path, RTLD_NOW);
  if (!h)
    return -1;
  entry_fn f = (entry_fn) dlsym (h, "entry");
  int r = f ? f () : -1;
  dlclose (h);
  return r;
}

/* Across functions: closed by a helper, closed again.  */
static void unload (void *h)
{
  dlclose (h);
}

void helper_bad (const char *path)
{
  void *h = dlopen (path, RTLD_NOW);
  if (!h)
    return;
  unload (h);
  dlclose (h); /* { dg-warning "double 'dlclose' of 'h'" } */
}
