/* specs/mman.toml: mappings leaked or unmapped twice.  */
#include <stddef.h>
#include <sys/mman.h>

int leak_bad (size_t n)
{
  char *p = mmap (NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0); /* { dg-message "\\(1\\) mapped here" } */
  if (p == MAP_FAILED) /* { dg-message "assuming 'p' is valid" } */
    return -1;
  return p[0]; /* { dg-warning "leak of mapping 'p' \\\[CWE-401\\\] \\\[-Wanalyzer-mmap-leak\\\]" } */
}

int double_munmap_bad (size_t n)
{
  char *p = mmap (NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return -1;
  int r = p[0];
  munmap (p, n); /* { dg-message "first 'munmap' here" } */
  munmap (p, n); /* { dg-warning "double 'munmap' of 'p' \\\[CWE-1341\\\]" } */
  return r;
}

int unmapped_ok (size_t n)
{
  char *p = mmap (NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return -1;
  int r = p[0];
  munmap (p, n);
  return r;
}

/* The failed mapping is no mapping: nothing leaks.  */
void failed_ok (size_t n)
{
  void *p = mmap (NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return;
  munmap (p, n);
}

/* Returned or stored: the caller's to unmap.  */
void *returned_ok (size_t n)
{
  void *p = mmap (NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

static void *map (size_t n)
{
  return mmap (NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/* Across functions: a helper's mapping, lost by its caller.  */
int helper_bad (size_t n)
{
  char *p = map (n);
  if (p == MAP_FAILED)
    return -1;
  return p[0]; /* { dg-warning "leak of mapping 'p'" } */
}
