// A view model module is used together with the store it is built on: importing UniflowMVVM
// imports Uniflow too.
@_exported import Uniflow
