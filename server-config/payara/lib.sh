# What the asadmin scripts of this directory share; sourced, not run.

asadmin=${ASADMIN:-asadmin}

# Whether an asadmin list command prints this exact line (a resource, a pool, an object).
listed() { $asadmin "$1" 2>/dev/null | grep -qx "$2"; }

# A value inside an asadmin --property list, with its \, : and = escaped.
escape() {
  local value=${1//\\/\\\\}
  value=${value//:/\\:}
  printf '%s' "${value//=/\\=}"
}
