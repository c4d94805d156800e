#include <libpq-fe.h>
#include <postgres_ext.h>

// The diagnostic field codes are character macros, which Swift does not import.
static inline int clibpq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int clibpq_diag_message_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }
