// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// Farcaster's ID registry as far as Sign In With Farcaster reads it (the real IdRegistry on
/// OP Mainnet, 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b, has the same two public mappings):
/// which fid a custody address owns, and the custody address of each fid. The local stand-in
/// writes accounts into it with `register`; the real registry's registration, recovery and
/// transfer rules are not modelled.
contract TestFarcasterIdRegistry {
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id);

    function register(address custody, uint256 fid) external {
        require(fid != 0 && custody != address(0), "fid and custody required");
        require(idOf[custody] == 0 && custodyOf[fid] == address(0), "already registered");
        idOf[custody] = fid;
        custodyOf[fid] = custody;
        emit Register(custody, fid);
    }
}
