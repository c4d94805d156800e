@_exported import Uniflow
